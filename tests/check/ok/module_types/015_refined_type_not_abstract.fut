-- A type refined with `with` is defined by the refinement: a size-lifted
-- type may stand for it even though the module type declares it
-- non-lifted.
-- ==
module type store = { type state val init : state }

module mk (P: { type~ state val init : state }) : store with state = P.state = {
  type~ state = P.state
  def init = P.init
}
