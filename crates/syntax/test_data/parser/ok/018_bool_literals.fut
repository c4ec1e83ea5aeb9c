-- Boolean literals.
def yes = true
def no = false
def both = yes && no
def either = yes || no
def flags = [true, false, true]
