def doubled(V):
    a = V(3.0)
    return a + a


def used_twice(V):
    a = V(2.0)
    return a * V(-3.0) + a


def squared(V):
    a = V(-4.0)
    return a * a


compare(doubled, backward=run_closures, name="a + a")
compare(used_twice, backward=run_closures, name="a*b + a")
compare(squared, backward=run_closures, name="a*a")
compare(lambda V: V(2.0) * V(-3.0) + V(10.0), backward=run_closures)
