-- Tuple expressions.
def pair = (1, 2)
def triple = (true, 'x', "str")
def nested = ((1, 2), (3, (4, 5)))
def computed = (1 + 2, f32.sqrt 9, [1, 2])
