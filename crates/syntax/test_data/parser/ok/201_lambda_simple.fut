-- Anonymous functions.
def inc = \x -> x + 1
def add = \x y -> x + y
def ignore = \_ -> 0
def applied = (\x -> x * 2) 21
def curried = \a -> \b -> a - b
