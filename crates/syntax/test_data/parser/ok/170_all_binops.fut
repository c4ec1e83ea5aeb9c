-- Every built-in binary operator once.
def arith (a: i32) (b: i32) = (a + b, a - b, a * b, a / b, a % b, a // b, a %% b, a ** b)
def bits (a: u32) (b: u32) = (a & b, a | b, a ^ b, a << b, a >> b)
def cmps (a: f64) (b: f64) = (a == b, a != b, a < b, a <= b, a > b, a >= b)
def logic (a: bool) (b: bool) = (a && b, a || b)
def pipes (x: i32) = (x |> i32.abs, i32.abs <| x)
def concat (a: []i32) (b: []i32) = a ++ b
