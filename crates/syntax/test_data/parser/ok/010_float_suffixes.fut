-- Float suffixes on point and exponent literals.
def h = 1.5f16
def s = 2.25f32
def d = 3.125f64
def e32 = 1.0e-3f32
def e64 = 6.5E10f64
