-- A module type with a parametric abstract type and polymorphic values,
-- implemented by a bounded stack and used at two element types.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32] }
-- output { 3i64 3i32 }
-- input { empty([0]i32) }
-- output { 0i64 0i32 }
-- input { [5i32, 6i32, 7i32, 8i32, 9i32, 10i32] }
-- output { 4i64 8i32 }

-- ==
-- entry: floats
-- input { 1.5f32 }
-- output { 2i64 3.0f32 }

-- A functor producing a module with a polymorphic type, and a module type
-- with a parametric abstract type.
module type container = {
  type c 'a
  val empty 'a : a -> c a
  val push 'a : a -> c a -> c a
  val size 'a : c a -> i64
  val top 'a : c a -> a
}

-- A bounded stack of capacity 4 (the default element fills unused slots).
module stack : container = {
  type c 'a = ([4]a, i64)
  def empty 'a (d: a) : c a = (replicate 4 d, 0)
  def push 'a (x: a) ((xs, n): c a) : c a = if n < 4 then (copy xs with [n] = x, n + 1) else (xs, n)
  def size 'a ((_, n): c a) = n
  def top 'a ((xs, n): c a) = xs[i64.max 0 (n - 1)]
}

def main (xs: []i32) =
  let s = foldl (\s x -> stack.push x s) (stack.empty 0) xs
  in (stack.size s, stack.top s)

entry floats (x: f32) =
  let s = stack.push (x * 2) (stack.push x (stack.empty 0f32))
  in (stack.size s, stack.top s)
