-- | The prelude: the definitions every Futhark program can use without
-- importing anything.
--
-- It gathers the other files of this directory, in dependency order,
-- and adds a few small conveniences of its own.  The primitive
-- operations it is built on are reached through the built-in module
-- `intrinsics`; see INTRINSICS.md for the full list.

open import "functional"
open import "soacs"
open import "array"
open import "filters"
open import "numeric"
open import "integers"
open import "floats"
open import "autodiff"

-- | An `i32` as an `f32`: shorthand for `f32.i32`.
def r32 (x: i32) : f32 = f32.i32 x

-- | An `f32` as an `i32`, rounding towards zero: shorthand for
-- `i32.f32`.
def t32 (x: f32) : i32 = i32.f32 x

-- | An `i32` as an `f64`: shorthand for `f64.i32`.
def r64 (x: i32) : f64 = f64.i32 x

-- | An `f64` as an `i32`, rounding towards zero: shorthand for
-- `i32.f64`.
def t64 (x: f64) : i32 = i32.f64 x

-- | Boolean negation, the same as `!x`, as a function that can be
-- passed around (for instance to `map`).
def not (x: bool) : bool = !x

-- | The identity function, except that the compiler treats the
-- computation of its result as a black box it may not optimise
-- across.  Prefer the `#[opaque]` attribute in new code.
def opaque 't (x: t) : t = #[opaque] x

-- | The identity function, except that the value is printed when it
-- is computed (reliably only in the interpreter).  Prefer the
-- `#[trace]` attribute in new code.
def trace 't (x: t) : t = #[trace] x

-- | The identity function, except that the interpreter pauses before
-- computing the result, as at a breakpoint.  Compiled code ignores it.
-- Prefer the `#[break]` attribute in new code.
def break 't (x: t) : t = #[break] x
