-- Identifiers may start with an underscore and contain digits.
def _hidden = 1
def x_1 = 2
def vec3_len (v: (f32, f32, f32)) = v.0 + v.1 + v.2
def _double_ = _hidden + x_1
def CamelCase = 5
