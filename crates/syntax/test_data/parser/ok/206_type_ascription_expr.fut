-- Type ascriptions on expressions.
def a = 1 : i64
def b = (2 + 3 : i16)
def c = [1, 2, 3] : [3]u8
def d (x: f32) = f32.sqrt (x : f32)
def e = ((1, 2) : (i8, i8)).0
def f = let y = 10 : u16 in y
