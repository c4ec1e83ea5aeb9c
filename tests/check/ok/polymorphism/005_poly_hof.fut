-- A polymorphic higher-order function instantiated twice.
-- ==
def app 'a 'b (f: a -> b) (x: a) : b = f x
def r1 = app (\(x: i32) -> x > 0) 3
def r2 = app f64.sqrt 2
