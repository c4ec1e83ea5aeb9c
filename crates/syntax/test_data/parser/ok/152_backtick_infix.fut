-- Any named function can be used infix with backticks.
def larger (a: i32) (b: i32) = a `i32.max` b
def smaller (a: i64) (b: i64) = a `i64.min` b
def both = 3 `i32.min` 4 `i32.max` 1
def local_fn (x: i32) = let plus a b = a + b in x `plus` 1
