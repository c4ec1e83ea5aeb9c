-- The unit pattern in a parameter and a let.
-- ==
def f () : i64 = 3
def g (x: i64) = let () = () in x + f ()
