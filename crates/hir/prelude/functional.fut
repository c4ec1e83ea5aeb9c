-- | Combinators for plumbing functions together: application
-- pipelines, composition, argument shuffling, and repeated
-- application.
--
-- Nothing in this file depends on any other part of the prelude.

-- | Pipeline application: `x |> f` means `f x`.  Chains read in the
-- order the steps happen, as in `xs |> map g |> reduce (+) 0`.
def (|>) '^a '^b (x: a) (f: a -> b) : b = f x

-- | Backwards application: `f <| x` means `f x`.  Handy for avoiding
-- parentheses around a long final argument.  Because of the
-- left-to-right causality rule for sizes, a function whose result
-- size is only known after evaluating the argument (such as `filter`)
-- often cannot be used on the left; use `|>` in that case.
def (<|) '^a '^b (f: a -> b) (x: a) : b = f x

-- | Forward composition: `(f >-> g) x` is `g (f x)`.  Functions that
-- return arrays of an anonymous size cannot be composed this way; use
-- `|>` instead.
def (>->) '^a '^b '^c (f: a -> b) (g: b -> c) (x: a) : c = g (f x)

-- | Backward composition, the mathematical *∘*: `(g <-< f) x` is
-- `g (f x)`.  The same size restriction as for `>->` applies.
def (<-<) '^a '^b '^c (g: b -> c) (f: a -> b) (x: a) : c = g (f x)

-- | Swap the first two parameters of a function: `flip f y x` is
-- `f x y`.
def flip '^a '^b '^c (f: a -> b -> c) (y: b) (x: a) : c = f x y

-- | Turn a function on pairs into a function of two arguments:
-- `curry f x y` is `f (x, y)`.
def curry '^a '^b '^c (f: (a, b) -> c) (x: a) (y: b) : c = f (x, y)

-- | Turn a function of two arguments into a function on pairs:
-- `uncurry f (x, y)` is `f x y`.
def uncurry '^a '^b '^c (f: a -> b -> c) (x: a, y: b) : c = f x y

-- | A function that ignores its second argument: `const x y` is `x`.
def const '^a '^b (x: a) (_: b) : a = x

-- | The identity function.
def id '^a (x: a) : a = x

-- | `iterate n f x` applies `f` to `x` exactly `n` times (zero times
-- if `n` is not positive), one application after the other.
def iterate 'a (n: i32) (f: a -> a) (x: a) : a =
  loop acc = x for _i < n do f acc

-- | `iterate_until p f x` applies `f` repeatedly, starting from `x`,
-- and returns the first value for which `p` holds.  If `p x` already
-- holds, `x` is returned unchanged.  Loops forever if `p` never
-- becomes true.
def iterate_until 'a (p: a -> bool) (f: a -> a) (x: a) : a =
  loop acc = x while !(p acc) do f acc

-- | `iterate_while p f x` applies `f` repeatedly, starting from `x`,
-- for as long as `p` holds, and returns the first value for which it
-- does not.  If `p x` is already false, `x` is returned unchanged.
-- Loops forever if `p` never becomes false.
def iterate_while 'a (p: a -> bool) (f: a -> a) (x: a) : a =
  loop acc = x while p acc do f acc
