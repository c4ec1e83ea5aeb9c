-- An integer-looking literal with a float suffix is a float.
def one_f32 = 1f32
def two_f64 = 2f64
def three_f16 = 3f16
def grouped = 10_000f32
def ratio = one_f32 / 4f32
