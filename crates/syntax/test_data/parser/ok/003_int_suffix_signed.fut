-- Every signed integer suffix.
def a = 100i8
def b = 30000i16
def c = 2000000000i32
def d = 9000000000000i64
def mixed : (i8, i16, i32, i64) = (1i8, 2i16, 3i32, 4i64)
