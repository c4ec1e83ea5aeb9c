-- Lambda parameters that are patterns.
def sums (ps: [](i32, i32)) = map (\(a, b) -> a + b) ps
def xs_of (ps: []{x: f32, y: f32}) = map (\{x, y = _} -> x) ps
def typed_tuple (ps: [](i32, i32)) = map (\(a: i32, b: i32) -> a - b) ps
def unit_lambda = \() -> 0
