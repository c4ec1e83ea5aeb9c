-- Shifts bind looser than + and tighter than bitwise operators.
def f1 (a: i32) = a << 1 + 2
def f2 (a: u32) (b: u32) = a >> 4 & b
def f3 (a: u32) (b: u32) = a << 2 | b >> 2
def f4 (a: i64) = a + 1 << 3
