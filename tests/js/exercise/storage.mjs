// A Storage for the exercise modules' tests: a quota in characters, as browsers count them.
export class FakeStorage {
  constructor(quota = Infinity) {
    this.items = new Map();
    this.quota = quota;
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    const others = [...this.items].filter(([k]) => k !== key);
    const used = others.reduce((n, [k, v]) => n + k.length + v.length, 0);
    if (used + key.length + String(value).length > this.quota) throw new Error("QuotaExceededError");
    this.items.set(key, String(value));
  }
}
