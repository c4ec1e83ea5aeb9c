-- Layout is free-form: several declarations on one line, one spread over many.
def a = 1 def b = 2 type t = i32 def c : t = 3
def
  spread
  (x
   : i32)
  :
  i32
  =
  x
  +
  1
module m = { def x = 1 def y = 2 } module n = m
