-- module body that is never closed, followed by more declarations
module m = {
  def x = 1

def after = 53
type t = i32
