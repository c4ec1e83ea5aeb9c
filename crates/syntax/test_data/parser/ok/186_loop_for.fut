-- for-loops with an explicit initial value.
def triangle (n: i32) =
  loop acc = 0 for i < n do acc + i
def factorial (n: i32) : i32 =
  loop result = 1 for i < n do
    result * (i + 1)
def typed_acc (n: i64) = loop (acc: f64) = 0 for i < n do acc + f64.i64 i
