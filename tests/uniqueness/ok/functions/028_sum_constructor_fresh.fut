-- A constructor applied to fresh arrays.
-- ==

type~ opt = #some ([]i32) | #none

def make (n: i64) : opt = #some (replicate n 0)

def main (n: i64) : []i32 =
  match make n
  case #some xs -> copy xs with [0] = 1
  case #none -> []
