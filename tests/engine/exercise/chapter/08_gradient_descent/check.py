def loss_of(V):
    w1, w2 = V(2.0), V(3.0)
    return ((w1 - 1) ** 2 + (w2 - 5) ** 2) * 0.5


compare(lambda V: V(3.0) ** 3 * V(2.0))
compare(loss_of, names="w1 w2", name="loss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5")
finite_difference(loss_of, names="w1 w2")
check(len(losses) == 10, "the loop ran 10 steps and kept each loss in `losses`")
same(losses[0], 2.5, "the first loss")
same(losses[1], 0.625, "the second loss")
same(losses[2], 0.15625, "the third loss")
same(w1, 1.0010, "w1 after 10 steps")
same(w2, 4.9980, "w2 after 10 steps")
