-- Consecutive lets need only a single final 'in'.
def compute (x: i32) =
  let a = x + 1
  let b = a * 2
  let c = b - 3
  in a + b + c
def one_line (x: i32) = let p = x let q = p in q
