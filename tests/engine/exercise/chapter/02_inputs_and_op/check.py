compare(lambda V: V(2.0) + V(3.0), backward=False)
compare(lambda V: (V(2.0) + V(3.0)) + V(4.0), backward=False)
compare(lambda V: 1.5 + V(2.0), backward=False)
a, b = Value(2.0), Value(3.0)
c = a + b
check(c._op == "+", "c = a + b remembers its operation: c._op is '+'")
check(a in c._prev and b in c._prev, "c = a + b remembers its inputs: a and b in c._prev")
check(len(a._prev) == 0 and a._op == "", "a value made by hand has no inputs and no op")
