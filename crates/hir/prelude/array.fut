-- | Everyday operations on arrays: size queries, slicing helpers,
-- construction, reshaping, and sequential folds.
--
-- Where an operation only reinterprets or slices an existing array,
-- it costs O(1); the others state their cost.

import "functional"
import "soacs"

-- * Size and elements

-- | The number of elements along the outermost dimension.
--
-- **Cost:** O(1)
def length [n] 't (_: [n]t) : i64 = n

-- | True if the array has no elements.
--
-- **Cost:** O(1)
def null [n] 't (_: [n]t) : bool = n == 0

-- | The first element.  Fails at run time on an empty array.
--
-- **Cost:** O(1)
def head [n] 't (xs: [n]t) : t = xs[0]

-- | The final element.  Fails at run time on an empty array.
--
-- **Cost:** O(1)
def last [n] 't (xs: [n]t) : t = xs[n - 1]

-- | All elements but the first.  Fails at run time on an empty array.
--
-- **Cost:** O(1)
def tail [n] 't (xs: [n]t) : [n - 1]t = xs[1:] :> [n - 1]t

-- | All elements but the final one.  Fails at run time on an empty
-- array.
--
-- **Cost:** O(1)
def init [n] 't (xs: [n]t) : [n - 1]t = xs[:n - 1] :> [n - 1]t

-- | `take i xs` is the first `i` elements of `xs`.  Fails at run time
-- unless `0 <= i <= n`.
--
-- **Cost:** O(1)
def take [n] 't (i: i64) (xs: [n]t) : [i]t = xs[0:i]

-- | `drop i xs` is `xs` without its first `i` elements.  Fails at run
-- time unless `0 <= i <= n`.
--
-- **Cost:** O(1)
def drop [n] 't (i: i64) (xs: [n]t) : [n - i]t = xs[i:] :> [n - i]t

-- | `sized n xs` is `xs` with its size stated to be `n`, checked at
-- run time.  The same as the size coercion `xs :> [n]t`.
--
-- **Cost:** O(1)
def sized [m] 't (n: i64) (xs: [m]t) : [n]t = xs :> [n]t

-- | Cut an array into a prefix of length `n` and the remaining `m`
-- elements.  Both sizes are read off the argument's type, which must
-- have the form `[n + m]t`; a size coercion can put it in that form.
--
-- **Cost:** O(1)
def split [n] [m] 't (xs: [n + m]t) : ([n]t, [m]t) =
  (xs[0:n], xs[n:] :> [m]t)

-- | The elements in the opposite order.
--
-- **Cost:** O(1)
def reverse [n] 't (xs: [n]t) : [n]t = xs[::-1] :> [n]t

-- * Building arrays

-- | Concatenation: all elements of `xs` followed by all elements of
-- `ys`.  This is not an efficient way to combine many arrays in a
-- reduction.
--
-- Cost: work O(n + m), span O(1).
def (++) [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n + m]t =
  intrinsics.concat xs ys

-- | The same as `++`, under a name that can be partially applied or
-- passed around without a section.
--
-- Cost: work O(n + m), span O(1).
def concat [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n + m]t =
  xs ++ ys

-- | `iota n` is the array `[0, 1, ..., n-1]`.  Fails at run time if `n`
-- is negative.
--
-- Cost: work O(n), span O(1).
def iota (n: i64) : *[n]i64 =
  intrinsics.iota n

-- | The valid indices of an array: `indices xs` is `iota (length xs)`.
--
-- Cost: work O(n), span O(1).
def indices [n] 't (_: [n]t) : *[n]i64 =
  iota n

-- | `replicate n x` is an array of `n` copies of `x`.
--
-- Cost: work O(n), span O(1).
def replicate 't (n: i64) (x: t) : *[n]t =
  map (\_ -> x) (iota n)

-- | Like `replicate`, but the length is inferred from how the result
-- is used.
--
-- Cost: work O(n), span O(1).
def rep 't [n] (x: t) : *[n]t =
  replicate n x

-- | `tabulate n f` is the array `[f 0, f 1, ..., f (n-1)]`.
--
-- Cost: work O(n · W(f)), span O(S(f)).
def tabulate 'a (n: i64) (f: i64 -> a) : *[n]a =
  map f (iota n)

-- | `tabulate_2d n m f` is the `n` by `m` array whose element `(i, j)`
-- is `f i j`.  Fails at run time if `n` or `m` is negative, even when
-- the other is zero.
--
-- Cost: work O(n · m · W(f)), span O(S(f)).
def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a) : *[n][m]a =
  -- The column indices are made once, outside the rows, so that the
  -- nest is perfect and fuses with a following flatten or transpose.
  let js = iota m
  in map (\i -> map (f i) js) (iota n)

-- | `tabulate_3d n m o f` is the `n` by `m` by `o` array whose element
-- `(i, j, l)` is `f i j l`.  Fails at run time if a size is negative.
--
-- Cost: work O(n · m · o · W(f)), span O(S(f)).
def tabulate_3d 'a (n: i64) (m: i64) (o: i64) (f: i64 -> i64 -> i64 -> a) : *[n][m][o]a =
  let js = iota m
  let ls = iota o
  in map (\i -> map (\j -> map (f i j) ls) js) (iota n)

-- | `rotate r xs` shifts the elements `r` places towards the front,
-- wrapping around, so that element `i` of the result is element
-- `(i + r) % n` of `xs`.  A negative `r` rotates towards the back.
-- Often fused into a following `map` at no cost.
--
-- Cost: work O(n), span O(1).
def rotate [n] 't (r: i64) (xs: [n]t) : *[n]t =
  tabulate n (\i -> xs[(i + r) % n])

-- * Copying

-- | A copy of a value that shares no memory with the original, so the
-- result may be consumed (updated in place) freely.
--
-- Cost: work O(n), span O(1).
def copy 't (x: t) : *t =
  intrinsics.copy x

-- | Like `copy`, and additionally guarantees that the result is
-- stored in plain row-major order.  Occasionally useful to improve
-- memory locality where the compiler's own layout choice is poor.
--
-- Cost: work O(n), span O(1).
def manifest 't (x: t) : *t =
  intrinsics.manifest x

-- * Reshaping

-- | Merge the two outermost dimensions into one, in row-major order.
--
-- **Cost:** O(1)
def flatten [n] [m] 't (xs: [n][m]t) : [n * m]t =
  intrinsics.flatten xs

-- | Merge the three outermost dimensions into one, in row-major
-- order.
--
-- **Cost:** O(1)
def flatten_3d [n] [m] [l] 't (xs: [n][m][l]t) : [n * m * l]t =
  flatten (flatten xs)

-- | Merge the four outermost dimensions into one, in row-major order.
--
-- **Cost:** O(1)
def flatten_4d [n] [m] [l] [k] 't (xs: [n][m][l][k]t) : [n * m * l * k]t =
  flatten (flatten_3d xs)

-- | Split the outermost dimension into two, in row-major order; the
-- inverse of `flatten`.  The new sizes are read off the argument's
-- type, which must have the form `[n * m]t`; a size coercion can put
-- it in that form.
--
-- **Cost:** O(1)
def unflatten 't [n] [m] (xs: [n * m]t) : [n][m]t =
  intrinsics.unflatten n m xs

-- | Split the outermost dimension into three; the inverse of
-- `flatten_3d`.
--
-- **Cost:** O(1)
def unflatten_3d 't [n] [m] [l] (xs: [n * m * l]t) : [n][m][l]t =
  intrinsics.unflatten n m (intrinsics.unflatten (n * m) l xs)

-- | Split the outermost dimension into four; the inverse of
-- `flatten_4d`.
--
-- **Cost:** O(1)
def unflatten_4d 't [n] [m] [l] [k] (xs: [n * m * l * k]t) : [n][m][l][k]t =
  intrinsics.unflatten n m (intrinsics.unflatten (n * m) l (intrinsics.unflatten (n * m * l) k xs))

-- | Swap the two outermost dimensions: element `(i, j)` of the result
-- is element `(j, i)` of the argument.
--
-- **Cost:** O(1)
def transpose [n] [m] 't (xs: [n][m]t) : [m][n]t =
  intrinsics.transpose xs

-- * Folds

-- | True if every element is true (including when there are none).
--
-- Cost: work O(n), span O(log(n)).
def and [n] (xs: [n]bool) : bool = all id xs

-- | True if some element is true (so false when there are none).
--
-- Cost: work O(n), span O(log(n)).
def or [n] (xs: [n]bool) : bool = any id xs

-- | Sequential left fold: `foldl f z [x0, x1, x2]` is
-- `f (f (f z x0) x1) x2`.  Runs one step at a time; prefer `reduce`
-- when the operator is associative.
--
-- Cost: work O(n · W(f)), span O(n · S(f)).
def foldl [n] 'a 'b (f: a -> b -> a) (acc: a) (xs: [n]b) : a =
  loop acc for x in xs do f acc x

-- | Sequential right fold: `foldr f z [x0, x1, x2]` is
-- `f x0 (f x1 (f x2 z))`.  Runs one step at a time, starting from the
-- end of the array.
--
-- Cost: work O(n · W(f)), span O(n · S(f)).
def foldr [n] 'a 'b (f: b -> a -> a) (acc: a) (xs: [n]b) : a =
  loop acc for i < n do f xs[n - 1 - i] acc
