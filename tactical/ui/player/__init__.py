"""The players' screen (issue 16): a second view of the GM's board, drawn through the
players' audience filter, for a projector, a TV under miniatures, or a stream."""
