-- ** binds tighter than * and is left-associative in the upstream parser.
def f1 (x: f32) (y: f32) (z: f32) = x ** y ** z
def f2 (x: f32) (y: f32) = 2 * x ** y
def f3 (x: f32) (y: f32) = x ** 2 + y ** 2
def f4 (x: f32) = -x ** 2
