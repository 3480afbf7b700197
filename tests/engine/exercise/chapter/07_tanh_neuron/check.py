def neuron(V):
    x1, w1, x2, w2, b = V(2.0), V(-3.0), V(0.0), V(1.0), V(6.8813735870195432)
    return (x1 * w1 + x2 * w2 + b).tanh()


def tanh_and_input(V):
    a = V(0.5)
    return a.tanh() + a


compare(neuron, names="x1 w1 x2 w2 b", name="o = tanh(x1*w1 + x2*w2 + b)")
compare(lambda V: V(0.5).tanh() * V(3.0))
compare(tanh_and_input, name="tanh(a) + a")
same(o, 0.7071, "o")
same(x1.grad, -1.5, "x1.grad")
same(w1.grad, 1.0, "w1.grad")
same(x2.grad, 0.5, "x2.grad")
same(w2.grad, 0.0, "w2.grad")
same(b.grad, 0.5, "b.grad")
