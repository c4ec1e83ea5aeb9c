-- Deprecated, but still accepted: let at the top level.
let seven = 7
let triple (x: i32) = x * 3
let (x: i32) ^^^ (y: i32) = x ^ y
def uses_them = triple seven ^^^ 1
