-- Defining an operator by putting its name in parentheses.
def (+^) (a: i32) (b: i32) = a + b + 1
def (|>>) 'a 'b (x: a) (f: a -> b) : b = f x
def (>>=) 'a 'b (m: (bool, a)) (k: a -> (bool, b)) : (bool, b) =
  if m.0 then k m.1 else (false, (k m.1).1)
def demo = 3 +^ 4 |>> (* 2)
