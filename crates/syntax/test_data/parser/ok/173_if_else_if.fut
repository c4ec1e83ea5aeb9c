-- Chains of else-if.
def classify (n: i32) : i32 =
  if n < 0 then -1
  else if n == 0 then 0
  else if n < 10 then 1
  else 2
def nested_then (a: bool) (b: bool) =
  if a then if b then 1 else 2 else 3
