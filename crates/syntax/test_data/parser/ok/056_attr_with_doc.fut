-- | A doc comment precedes the attributes.
#[noinline]
def documented (x: i64) = x + 1

-- | Also on a module.
#[unused]
module wrapped = {
  def inside = 1
}
