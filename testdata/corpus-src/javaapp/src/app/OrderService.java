package app;

import java.io.IOException;
import java.util.Date;
import java.util.List;

public class OrderService {
    private final Repository repo;

    public OrderService(Repository repo) {
        this.repo = repo;
    }

    public long total(String orderId) {
        try {
            List lines = repo.loadLines(orderId);
            long sum = 0;
            for (Object o : lines) {
                sum += Long.parseLong(((String) o).split(",")[1]);
            }
            return sum;
        } catch (IOException e) {
            throw new ServiceException("cannot total order " + orderId, e);
        }
    }

    @Deprecated
    public String stamp() {
        return new Date().toGMTString();
    }
}
