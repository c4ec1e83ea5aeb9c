-- Constructors given their type by an ascription.
-- ==
type light = #on | #off
def toggle (l: light) : light = if l == (#on : light) then #off else #on
def lights = [#on, #off] : [2]light
