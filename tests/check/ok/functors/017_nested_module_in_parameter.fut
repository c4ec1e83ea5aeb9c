-- The types of a parameter's nested modules are the argument's, also when
-- the argument is itself an application.
-- ==
module type unit = { type u val one : u }
module type wraps = { module base: unit }

module floats = { type u = f32 def one : u = 1 }
module wrap (U: unit) : wraps with base.u = U.u = { module base = U }

module use (W: wraps) = {
  def twice (x: W.base.u) = (x, W.base.one)
}

module direct = use { module base = floats }
module through = use (wrap floats)

def a : (f32, f32) = direct.twice 2
def b : (f32, f32) = through.twice 3
