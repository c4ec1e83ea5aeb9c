-- Type parameters prefixed with an apostrophe.
def identity 'a (x: a) : a = x
def fst 'a 'b (p: (a, b)) : a = p.0
def singleton 'elem (x: elem) : [1]elem = [x]
def rev [n] 't (xs: [n]t) : [n]t = xs[::-1]
