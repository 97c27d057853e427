package app;

public class OutOfStockException extends Exception {
    public OutOfStockException(String sku, int want, int have) {
        super("out of stock: " + sku + " want " + want + " have " + have);
    }
}
