-- Float literals mixed with operators and function calls.
def lerp (a: f32) (b: f32) (t: f32) = a + (b - a) * t
def mid = lerp 0.0f32 10.0f32 0.5f32
def clamp01 (x: f64) = f64.max 0.0 (f64.min 1.0 x)
def scaled = clamp01 1.25e0 * 2.0e1
