def reused(V):
    a, b, c = V(2.0), V(-3.0), V(4.0)
    e = a * b
    return (e + c) * e


compare(lambda V: V(2.0) * V(-3.0) + V(10.0))
compare(reused, name="e = a*b; (e + c)*e")
compare(reused, passes=2, name="backward() twice on (e + c)*e")
