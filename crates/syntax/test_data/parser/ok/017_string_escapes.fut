-- String literals containing escape sequences.
def lines = "first\nsecond\n"
def tabbed = "col1\tcol2"
def quoted = "she said \"hi\""
def slashes = "C:\\temp\\file"
def apostrophe = "it\'s"
def mixed = "\r\n\t\\\""
