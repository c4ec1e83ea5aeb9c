-- | Automatic differentiation.
--
-- The compiler can transform a function into one that also computes
-- derivatives.  Two directions are offered:
--
-- * **Forward mode** (`jvp`): given an input `x` and a *tangent* `x'`
--   (a direction in input space, of the same type as `x`), compute
--   how the output of `f` changes when `x` moves in that direction.
--   This is the product of the Jacobian of `f` at `x` with `x'`, and
--   costs a small constant factor more than running `f`.
--
-- * **Reverse mode** (`vjp`): given an input `x` and a *cotangent*
--   `y'` (a weighting of the outputs, of the same type as the result
--   of `f`), compute how sensitive that weighted output is to every
--   part of the input.  This is the product of `y'` with the
--   Jacobian.  It runs `f` forwards and then backwards, and must keep
--   the intermediate results of the forward run, so its memory use
--   grows with the number of sequential steps in `f`.
--
-- Forward mode with a unit tangent yields one column of the Jacobian;
-- reverse mode with a unit cotangent yields one row.  Which is
-- cheaper depends on whether `f` has fewer inputs or outputs.  The
-- operators may be nested to obtain higher derivatives; combining
-- forward and reverse mode is fine, but reverse over reverse is
-- usually slow.
--
-- Results are only meaningful where `f` is differentiable: built from
-- floating-point arithmetic, away from branch points, and without
-- passing through integers.  Sum types with several constructors are
-- not differentiable.

import "soacs"

-- | Forward mode: `jvp2 f x x'` is `(f x, t)`, where `t` is the
-- derivative of `f` at `x` in the direction `x'`.
def jvp2 'a 'b (f: a -> b) (x: a) (x': a) : (b, b) =
  intrinsics.jvp2 f x x'

-- | Reverse mode: `vjp2 f x y'` is `(f x, s)`, where `s` is the
-- sensitivity of the output of `f` at `x`, weighted by the cotangent
-- `y'`, to each part of the input.
def vjp2 'a 'b (f: a -> b) (x: a) (y': b) : (b, a) =
  intrinsics.vjp2 f x y'

-- | The tangent part of `jvp2`: the derivative of `f` at `x` in the
-- direction `x'`.
def jvp 'a 'b (f: a -> b) (x: a) (x': a) : b =
  let (_, t) = jvp2 f x x'
  in t

-- | The sensitivity part of `vjp2`.
def vjp 'a 'b (f: a -> b) (x: a) (y': b) : a =
  let (_, s) = vjp2 f x y'
  in s

-- | Forward mode for many tangents at once: `jmp2 f x xs'` is `f x`
-- together with `jvp f x` applied to each tangent in `xs'`.  An
-- implementation may share work between the tangents.
def jmp2 'a 'b [n] (f: a -> b) (x: a) (xs': [n]a) : (b, [n]b) =
  (f x, map (jvp f x) xs')

-- | Reverse mode for many cotangents at once: `mjp2 f x ys'` is `f x`
-- together with `vjp f x` applied to each cotangent in `ys'`.  An
-- implementation may share one forward run of `f` between them.
def mjp2 'a 'b [n] (f: a -> b) (x: a) (ys': [n]b) : (b, [n]a) =
  (f x, map (vjp f x) ys')

-- | The tangent part of `jmp2`.
def jmp 'a 'b [n] (f: a -> b) (x: a) (xs': [n]a) : [n]b =
  let (_, ts) = jmp2 f x xs'
  in ts

-- | The sensitivity part of `mjp2`.
def mjp 'a 'b [n] (f: a -> b) (x: a) (ys': [n]b) : [n]a =
  let (_, ss) = mjp2 f x ys'
  in ss

-- | `with_vjp f f' x` computes `f x`, but tells reverse mode to use
-- `f'` instead of differentiating `f`.  During the backward run, `f'`
-- receives first the result of `f x` and then the cotangent of that
-- result, and must return the sensitivity with respect to `x`.
-- Free variables of `f` are not differentiated; pass everything that
-- matters through the argument.
def with_vjp 'a 'b (f: a -> b) (f': (res: b) -> (b_adj: b) -> a) (x: a) : b =
  intrinsics.with_vjp f f' x

-- | A form of `with_vjp` where `f` returns a pair of a *tape* `c`
-- (data saved for the backward run) and the actual result `b`.  Only
-- the result is returned; `f'` receives the tape and the cotangent of
-- the result.
def with_vjp_tape 'a 'b 'c (f: a -> (c, b)) (f': (c, b) -> a) (x: a) : b =
  let (_, y) = with_vjp f (\(tape, _) (_, y_adj) -> f' (tape, y_adj)) x
  in y
