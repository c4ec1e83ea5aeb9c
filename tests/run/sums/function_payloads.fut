-- Sum types whose constructors carry functions: the constructor of such a
-- value is known where it is matched.
-- ==
-- input { 10 } output { 11 20 0 }
-- input { -3 } output { -2 -6 0 }

type^ op = #unary (i32 -> i32) | #binary (i32 -> i32 -> i32) | #none

def run (o: op) (x: i32) : i32 =
  match o
  case #unary f -> f x
  case #binary g -> g x x
  case #none -> 0

def main (x: i32) = (run (#unary (+ 1)) x, run (#binary (+)) x, run #none x)
