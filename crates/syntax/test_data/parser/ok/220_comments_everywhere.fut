-- Comments may appear between any two tokens.
def -- after keyword
  weird -- after name
  (x: i32) -- after parameter
  : i32 -- after return type
  = -- after equals
  let y = x -- in a binding
  -- on its own line
  in y + -- after operator
     1 -- at the end
-- between declarations
type -- inside a type declaration
  t = i32 -- done
module m = { -- inside a module
  def z = 0 -- trailing
}
