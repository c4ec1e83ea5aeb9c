-- A constant defined in a module may not be consumed.
-- ==
-- error: Consuming variable "origin", which is not consumable

module geometry = {
  def origin : []f64 = [0, 0, 0]
}

def move (p: *[]f64) : *[]f64 = p with [0] = 1

def main (b: bool) : []f64 = if b then move geometry.origin else []
