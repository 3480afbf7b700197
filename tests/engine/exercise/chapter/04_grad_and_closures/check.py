check(Value(1.0).grad == 0, "a new value's grad starts at 0")
compare(lambda V: V(2.0) * V(-3.0) + V(10.0), backward=run_closures)
compare(lambda V: (V(2.0) * V(-3.0)) * V(0.5), backward=run_closures)
compare(lambda V: (V(2.0) + V(-3.0)) * V(4.0), backward=run_closures)
