-- A function's result may not alias a top-level constant.
-- ==
-- error: Function result aliases the free variable "palette"
-- related: is defined here

def palette : [][3]u8 = [[255, 0, 0], [0, 255, 0]]

def colours (k: i64) : [][3]u8 = if k < 2 then palette else replicate k [0, 0, 0]
