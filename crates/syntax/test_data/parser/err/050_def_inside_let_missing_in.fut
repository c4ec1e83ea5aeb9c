-- a let chain that runs into the next top-level def without 'in'
def f (x: i32) =
  let a = x + 1
  let b = a * 2
def g = 1
