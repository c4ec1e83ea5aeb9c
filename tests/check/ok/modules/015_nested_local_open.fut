-- Inside `M.(e)`, the modules `M` holds can be opened and named.
-- ==
module shapes = {
  module square = {
    def sides = 4i32
  }
  module alias = square
  def sides = 0i32
}

def total = shapes.(sides + square.(sides) + alias.sides)
