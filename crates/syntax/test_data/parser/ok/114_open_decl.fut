-- Opening modules at the top level.
module helpers = {
  def clamp (lo: i32) (hi: i32) (x: i32) = i32.max lo (i32.min hi x)
}
open helpers
def clamped = clamp 0 10 42
module type t_sig = { val n : i32 }
module gen (X: t_sig) = { def m = X.n + 1 }
open (gen { def n = 4i32 })
open gen { def n = 5i32 }
