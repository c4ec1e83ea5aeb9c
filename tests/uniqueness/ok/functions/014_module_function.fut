-- A function of a module consuming its parameter.
-- ==

module stack = {
  def push (xs: *[]i32) (x: i32) : *[]i32 = xs with [0] = x
}

def main (n: i64) : []i32 = stack.push (replicate n 0) 1
