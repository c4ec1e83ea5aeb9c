-- Lifted type parameters for function-typed arguments, polymorphic local
-- functions used at two types, functions returning closures.
-- ==
-- entry: main
-- input { 1i32 }
-- output { 3i32 2i32 4i32 1i32 true }
-- input { -5i32 }
-- output { -3i32 -10i32 -8i32 -5i32 false }

-- ==
-- entry: adders
-- input { [1i32, 2i32, 3i32] 10i32 }
-- output { [11i32, 12i32, 13i32] }

-- Lifted type parameters ('^a) let functions be passed around where
-- ordinary type parameters could not; polymorphic local functions.
def apply_twice '^f 'a (app: f -> a -> a) (g: f) (x: a) = app g (app g x)

def on_pair 'a 'b (f: a -> b) (p: (a, a)) : (b, b) = (f p.0, f p.1)

def main (x: i32) =
  let id' 't (y: t) = y
  in ( apply_twice (\g y -> g y) (+ 1) x
     , on_pair (* 2) (x, x + 1)
     , id' x
     , id' (x > 0)
     )

-- Functions returning functions, partially applied in maps.
def adder (n: i32) = \(x: i32) -> x + n

entry adders (ns: []i32) (x: i32) = map (\n -> adder n x) ns
