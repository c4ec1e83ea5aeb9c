-- Defining an operator by writing it infix between two parameters.
def (a: i32) +^ (b: i32) : i32 = (a + b) * 2
def (p: (f32, f32)) *. (k: f32) = (p.0 * k, p.1 * k)
def x <=> y = if x < y then -1 else if x > y then 1 else 0
def sample = (1 +^ 2, (1.0, 2.0) *. 3.0, 4 <=> 5)
